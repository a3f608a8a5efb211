import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { codesThatRedirect } from '../../../common/errors';
import { ApiCallError } from '../../api/client';
import { fetchCurrentUser, userKeys, type CurrentUser, type LoginResult } from '../../api/user';

/** The logged-in person, or null for a guest. Asked silently: a guest is an answer, not a failure. */
export const currentUserQuery = queryOptions({
  queryKey: userKeys.me(),
  queryFn: async ({ signal }): Promise<CurrentUser | null> => {
    try {
      return await fetchCurrentUser(signal);
    } catch (error) {
      if (error instanceof ApiCallError && codesThatRedirect.toLogin.includes(error.code)) return null;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/** After login, registration or token login: known at once, then refreshed with the full `user/info`. */
export function rememberLogin(queryClient: QueryClient, user: LoginResult): void {
  const known: CurrentUser = { uid: user.uid, username: user.username, name: user.name, groupid: user.groupid, email: user.email };
  queryClient.setQueryData(userKeys.me(), known);
  void queryClient.invalidateQueries({ queryKey: userKeys.me() });
}

/** The name to show: the display name when set, else the username. */
export function displayName(user: Pick<CurrentUser, 'name' | 'username'>): string {
  return user.name.trim() !== '' ? user.name : user.username;
}
