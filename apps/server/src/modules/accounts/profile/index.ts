/** A signed-in person's own profile, and an administrator's edit of another's; the password change. */
export { registerProfileRoutes } from './profile.routes';
export { createProfileService } from './profile.service';
