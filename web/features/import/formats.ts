/** What `import/auto` reads (issue 7, reference §8.5), in the order the dialog explains them. */
export const SUPPORTED_FORMATS = ['showdoc', 'markdown', 'openapi', 'postman'] as const;

export type SupportedFormat = (typeof SUPPORTED_FORMATS)[number];
