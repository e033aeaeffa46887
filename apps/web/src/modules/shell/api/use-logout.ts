import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Population } from '@valuation/domain';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../app/api/client';
import { POPULATIONS } from '../../../app/session/population';
import { sessionKeys } from '../../../app/session/session-queries';
import { clearToken } from '../../../app/session/token-cookies';

/** Ends the session on the server, then clears the token cookie and goes to the login page. */
export function useLogout(population: Population) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const cfg = POPULATIONS[population];
  return useMutation({
    mutationFn: () => api.post<unknown>(cfg.endpoints.logout, {}, { notifyErrors: false, authRedirect: false }),
    onSettled: () => {
      clearToken(population);
      queryClient.removeQueries({ queryKey: sessionKeys.all(population) });
      navigate(cfg.loginPath, { replace: true });
    },
  });
}
