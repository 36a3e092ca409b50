import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** POST /web/user/contact-us, multipart (spec 000 §7): a visitor's or user's message to the team. */
export const sendContact = (input: ContactInput) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) form.append(key, value);
  return api.post<{ message?: string }>('/web/user/contact-us', form);
};

export const useSendContact = () => useMutation({ mutationFn: sendContact });
