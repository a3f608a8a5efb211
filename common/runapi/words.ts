/**
 * The words of an API page in the two languages Folio speaks. The server picks them from the request's
 * language (imports, exports), the browser from its UI language; both render the same page.
 */
export type RunApiLang = 'en' | 'zh';

export const RUNAPI_WORDS = {
  zh: {
    description: '简要描述',
    status: '接口状态',
    url: '请求URL',
    method: '请求方式',
    pathVariables: '路径变量',
    headers: 'Header',
    cookies: 'Cookie',
    query: '请求Query参数',
    body: '请求Body参数',
    requestExample: '请求参数示例',
    jsonFields: 'json字段说明',
    successExample: '成功返回示例',
    successParams: '成功返回示例的参数说明',
    failExample: '失败返回示例',
    failParams: '失败返回示例的参数说明',
    remark: '备注',
    none: '无',
    emptyCell: '无',
    yes: '是',
    no: '否',
    paramColumns: ['参数名', '示例值', '必选', '类型', '说明'],
    variableColumns: ['变量名', '必选', '类型', '说明'],
    fieldColumns: ['字段名', '必选', '类型', '说明'],
    responseColumns: ['参数名', '类型', '说明'],
    statuses: ['', '开发中', '测试中', '已完成', '需修改', '已废弃'],
  },
  en: {
    description: 'Description',
    status: 'Status',
    url: 'Request URL',
    method: 'Method',
    pathVariables: 'Path variables',
    headers: 'Headers',
    cookies: 'Cookies',
    query: 'Query parameters',
    body: 'Body parameters',
    requestExample: 'Request example',
    jsonFields: 'JSON fields',
    successExample: 'Success response example',
    successParams: 'Success response parameters',
    failExample: 'Failure response example',
    failParams: 'Failure response parameters',
    remark: 'Remarks',
    none: 'None',
    /** An empty description cell: a dash, as English API tables leave it, not a "None" that reads like a value. */
    emptyCell: '-',
    yes: 'Yes',
    no: 'No',
    paramColumns: ['Name', 'Example', 'Required', 'Type', 'Description'],
    variableColumns: ['Name', 'Required', 'Type', 'Description'],
    fieldColumns: ['Field', 'Required', 'Type', 'Description'],
    responseColumns: ['Name', 'Type', 'Description'],
    statuses: ['', 'Developing', 'Testing', 'Done', 'Needs change', 'Deprecated'],
  },
} as const;

export type RunApiWords = (typeof RUNAPI_WORDS)[RunApiLang];
