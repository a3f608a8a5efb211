import { useMediaQuery } from '../../components/useMediaQuery';

/** Seed 001 §2: phones and tablets by user agent, or any screen under 1000 px wide. */
const MOBILE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|HarmonyOS/i;

/** Under 1000 px the catalog becomes a drawer and the table of contents goes. */
export const NARROW_READER = '(max-width: 999.98px)';

export function isMobileAgent(userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return MOBILE_AGENT.test(userAgent);
}

export function useIsMobile(): boolean {
  const narrow = useMediaQuery(NARROW_READER);
  return isMobileAgent() || narrow;
}
