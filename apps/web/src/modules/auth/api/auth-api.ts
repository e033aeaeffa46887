import { useMutation, useQuery } from '@tanstack/react-query';
import type { CaptchaResponse, LoginResponse } from '@valuation/contracts';
import type { LoginInput, Population } from '@valuation/domain';
import { api } from '../../../app/api/client';
import { POPULATIONS } from '../../../app/session/population';

/** A fresh captcha image and its identity; refetch to get a new one. */
export function useCaptcha(population: Population) {
  return useQuery({
    queryKey: ['captcha', population],
    queryFn: ({ signal }) =>
      api.get<CaptchaResponse>(POPULATIONS[population].endpoints.captcha, undefined, { signal, authRedirect: false }),
    staleTime: Infinity,
    gcTime: 0,
  });
}

/**
 * Posts the login form. Errors are not toasted: the page shows the message under the form.
 * Resolves with the token (the answer carries it in `data.token` and in `message`).
 */
export function useLogin(population: Population) {
  return useMutation({
    mutationFn: async (input: LoginInput): Promise<string> => {
      const envelope = await api.request<LoginResponse | null>('POST', POPULATIONS[population].endpoints.login, {
        body: { ...input },
        notifyErrors: false,
        authRedirect: false,
      });
      return envelope.data?.token || envelope.message;
    },
  });
}
