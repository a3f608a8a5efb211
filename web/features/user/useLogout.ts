import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout, userKeys } from '../../api/user';

/** Ends the session on the server (which clears the cookie), forgets everything cached, and goes to login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(userKeys.me(), null);
      navigate('/user/login');
    },
  });
}
