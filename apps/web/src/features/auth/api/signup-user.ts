import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { LoginResponse } from '@pw/contracts';

/** POST /web/user/signup, multipart: the user sign-up fields and an optional photo. */
export const signupUser = (form: FormData) => api.post<Partial<LoginResponse>>('/web/user/signup', form);

export const useSignupUser = () => useMutation({ mutationFn: signupUser });
