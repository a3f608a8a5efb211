import { firstScreenEn } from './first-screen.en';
import { otherScreensEn } from './other-screens.en';

/**
 * English interface texts, in two downloads (issue 21): what a shared page's first screen shows, and the
 * rest. `zh-CN.ts` must have exactly the same keys (a test compares them).
 */
export const en = { ...firstScreenEn, ...otherScreensEn };

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** The shape every language file has. */
export type Messages = DeepStrings<typeof en>;
/** The shape of each of the two downloads. */
export type FirstScreenMessages = DeepStrings<typeof firstScreenEn>;
export type OtherScreensMessages = DeepStrings<typeof otherScreensEn>;
