import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setApiHost } from '../api/client';
import { userKeys } from '../api/user';

/** Lends the API client the router, antd's message API and the query cache, so it can alert and redirect. */
export function ApiBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const currentPath = useRef(location.pathname + location.search);

  useEffect(() => {
    currentPath.current = location.pathname + location.search;
  }, [location.pathname, location.search]);

  useEffect(
    () =>
      setApiHost({
        navigate: (to) => navigate(to),
        currentPath: () => currentPath.current,
        showError: (text) => {
          void message.error({ content: text, key: 'api-error' });
        },
        sessionEnded: () => queryClient.setQueryData(userKeys.me(), null),
      }),
    [navigate, message, queryClient],
  );

  return null;
}
