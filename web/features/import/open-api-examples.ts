/**
 * The ready-to-copy commands of the open-API guide (reference §6.15). They use ShowDoc's public URL
 * shape, so a script written against ShowDoc keeps working here and the other way round.
 */

export interface OpenApiCredentials {
  api_key: string;
  api_token: string;
}

/** ShowDoc's documented address for every open-API call. */
export function openApiUrl(origin: string, action: 'updatePage' | 'fromComments'): string {
  return `${origin.replace(/\/+$/, '')}/server/index.php?s=/api/open/${action}`;
}

/** A shell word that stays one word whatever it holds (keys are hex, but an origin or a sample may not be). */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function curl(url: string, fields: ReadonlyArray<readonly [string, string]>): string {
  // --data-urlencode keeps `&`, `+` and newlines intact, which ShowDoc's own script had to work around.
  const lines = [`curl -sS -X POST ${shellQuote(url)}`, ...fields.map(([name, value]) => `  --data-urlencode ${shellQuote(`${name}${value}`)}`)];
  return lines.join(' \\\n');
}

export interface UpdatePageSample {
  catalog: string;
  title: string;
}

/** Creates or updates one page: same title in the same catalog path means the same page. */
export function updatePageCurl(origin: string, keys: OpenApiCredentials, sample: UpdatePageSample): string {
  return curl(openApiUrl(origin, 'updatePage'), [
    ['api_key=', keys.api_key],
    ['api_token=', keys.api_token],
    ['cat_name=', sample.catalog],
    ['page_title=', sample.title],
    // `name@file` makes curl read the value from the file: the usual way to push a README.
    ['page_content@', 'README.md'],
  ]);
}

/** Turns the `/** showdoc … *\/` comments of one source file into API pages. */
export function fromCommentsCurl(origin: string, keys: OpenApiCredentials, sourceFile: string): string {
  return curl(openApiUrl(origin, 'fromComments'), [
    ['api_key=', keys.api_key],
    ['api_token=', keys.api_token],
    ['content@', sourceFile],
  ]);
}

export interface CommentSample {
  catalog: string;
  title: string;
  description: string;
  /** The format's word for a required parameter: ShowDoc's `必选`, or `required`, which Folio also reads. */
  required: string;
  /** One word each: the format keeps only the first word of a remark. */
  usernameRemark: string;
  passwordRemark: string;
}

/**
 * A comment block `open/fromComments` understands (reference §6.15 "Comment format"). The word after
 * a parameter's name marks it required (`必选`, or `required`); anything else there means optional.
 */
export function sampleComment(sample: CommentSample): string {
  return [
    '/**',
    ' * showdoc',
    ` * @catalog ${sample.catalog}`,
    ` * @title ${sample.title}`,
    ` * @description ${sample.description}`,
    ' * @method post',
    ' * @url https://api.example.com/user/login',
    ` * @param username ${sample.required} string ${sample.usernameRemark}`,
    ` * @param password ${sample.required} string ${sample.passwordRemark}`,
    ' * @return {"error_code":0,"data":{"uid":"1"}}',
    ' * @return_param uid string id',
    ' */',
  ].join('\n');
}

/** Where the open API and the CI script are described, in Folio's sources. */
export const OPEN_API_DOCS = 'docs/open-api.md';

/** Folio's CI script (docs/open-api.md "A script for CI"), shipped with Folio's sources. */
export const PUSH_SCRIPT = 'scripts/folio-push.sh';

/** The CI script's command lines: a folder of markdown files as pages, and the comments of a source tree. */
export function scriptCommand(origin: string, keys: OpenApiCredentials): string {
  return [
    `export FOLIO_URL=${shellQuote(origin.replace(/\/+$/, ''))} FOLIO_API_KEY=${shellQuote(keys.api_key)} FOLIO_API_TOKEN=${shellQuote(keys.api_token)}`,
    `sh ${PUSH_SCRIPT} markdown docs/`,
    `sh ${PUSH_SCRIPT} comments src/`,
  ].join('\n');
}
