/**
 * `npm run media:verify`: checks every stored object at once (decision 0340): reads each back through
 * the decrypting storage and compares its size and SHA-256 with what was recorded when it was written,
 * recording those read for the first time. Prints its progress and a summary; exits 1 if any object is
 * damaged, 2 if it could not run. With the embedded database and the server running, the server does
 * it and its lines are printed here (decision 0380).
 */
import { exitWith, operate } from './operate';

exitWith(operate('media:verify', {}));
