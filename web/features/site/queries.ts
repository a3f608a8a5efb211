import { useQuery } from '@tanstack/react-query';
import { fetchHomePageSetting, fetchVersion, siteKeys } from '../../api/common';
import { fetchOAuthInfo, userKeys } from '../../api/user';

const fiveMinutes = 5 * 60_000;

export function useHomePageSetting() {
  return useQuery({
    queryKey: siteKeys.homePageSetting(),
    queryFn: ({ signal }) => fetchHomePageSetting(signal),
    staleTime: fiveMinutes,
  });
}

/**
 * The origin of links people copy (share links, mock and open-API addresses): the site address the
 * administrator set, else the address this page was opened at.
 */
export function useSiteOrigin(): string {
  return useHomePageSetting().data?.site_url || window.location.origin;
}

/** Registration is open unless the site says otherwise (or has not answered yet). */
export function useRegisterOpen(): boolean {
  return useHomePageSetting().data?.register_open !== 0;
}

export function useVersion() {
  return useQuery({ queryKey: siteKeys.version(), queryFn: ({ signal }) => fetchVersion(signal), staleTime: Infinity });
}

export function useOAuthInfo() {
  return useQuery({ queryKey: userKeys.oauthInfo(), queryFn: ({ signal }) => fetchOAuthInfo(signal), staleTime: fiveMinutes });
}
