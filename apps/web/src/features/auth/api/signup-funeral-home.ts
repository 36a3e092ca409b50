import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { LoginResponse } from '@pw/contracts';

/** POST /web/funeral-home/signup, multipart: the funeral-home sign-up fields and an optional photo. */
export const signupFuneralHome = (form: FormData) =>
  api.post<Partial<LoginResponse>>('/web/funeral-home/signup', form);

export const useSignupFuneralHome = () => useMutation({ mutationFn: signupFuneralHome });
