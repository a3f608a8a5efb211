import type { Lang } from '../../http/language.js';

/**
 * The sample projects a new account gets (site setting `create_sample`, on by default): short, in the
 * account's language, and each showing one thing Folio is for — an API document, a manual with a table,
 * a diagram and a formula, and a data dictionary. They are ordinary projects the owner may edit or delete.
 */

export interface SamplePage {
  title: string;
  content: string;
}

export interface SampleCatalog {
  name: string;
  pages: SamplePage[];
}

export interface SampleProject {
  name: string;
  description: string;
  /** Pages at the top level, then catalogs with their pages, in this order. */
  pages: SamplePage[];
  catalogs: SampleCatalog[];
}

const fence = '```';

const en: SampleProject[] = [
  {
    name: 'Sample: API documentation',
    description: 'How an API is documented in Folio. Edit or delete this sample freely.',
    pages: [
      {
        title: 'Read me first',
        content: `# About this sample

This project shows how a team documents an HTTP API: one page per endpoint, grouped in catalogs on the left.

- Open **Users → Log in** to see the parts of an endpoint page.
- Click **Edit** on a page to see its markdown; **New page** offers the API template.
- Invite your team under **Members**, or share a single page with a link.
`,
      },
    ],
    catalogs: [
      {
        name: 'Users',
        pages: [
          {
            title: 'Log in',
            content: `**Description:** logs a user in and returns a token.

**URL:** \`POST /api/user/login\`

**Request parameters**

|Name|Required|Type|Description|
|:----|:---|:-----|-----|
|username|yes|string|The user name|
|password|yes|string|The password|

**Response example**

${fence}json
{
  "error_code": 0,
  "data": { "uid": 1, "username": "alice", "user_token": "3a7b…" }
}
${fence}

**Response fields**

|Name|Type|Description|
|:-----|:-----|-----|
|uid|int|The user's id|
|user_token|string|Send it with later requests|
`,
          },
        ],
      },
    ],
  },
  {
    name: 'Sample: Team manual',
    description: 'A manual page with a table, a diagram and a formula.',
    pages: [
      {
        title: 'Release checklist',
        content: `# Release checklist

|Step|Owner|Done when|
|:---|:---|:---|
|Freeze the branch|Lead|No new features merged|
|Run the tests|CI|All green|
|Write the release notes|Writer|Published here|

## How a change ships

${fence}mermaid
graph LR
  A[Pull request] --> B{Review}
  B -->|approved| C[Merge]
  B -->|changes| A
  C --> D[Release]
${fence}

## Error budget

With an availability target of 99.9 %, the downtime allowed in 30 days is

$$
(1 - 0.999) \\times 30 \\times 24 \\times 60 \\approx 43 \\text{ minutes}
$$
`,
      },
    ],
    catalogs: [],
  },
  {
    name: 'Sample: Data dictionary',
    description: 'Database tables described column by column.',
    pages: [
      {
        title: 'user',
        content: `- Accounts of the application

|Column|Type|Null|Default|Comment|
|:----|:-------|:--- |----|------|
|uid|int(10)|no||Primary key|
|username|varchar(50)|no||Login name|
|email|varchar(100)|yes|NULL|E-mail address|
|reg_time|int(11)|no|0|Registration time (Unix seconds)|
`,
      },
    ],
    catalogs: [],
  },
];

const zh: SampleProject[] = [
  {
    name: '示例：API 文档',
    description: '在 Folio 中编写 API 文档的示例，可随意修改或删除。',
    pages: [
      {
        title: '先读我',
        content: `# 关于这个示例

这个项目演示团队如何编写 HTTP 接口文档：每个接口一个页面，左侧按目录分组。

- 打开 **用户 → 登录**，看看接口页面由哪些部分组成。
- 点击页面上的 **编辑** 查看它的 markdown；**新建页面** 时可以选用 API 模板。
- 在 **成员** 中邀请同事，或者用链接分享单个页面。
`,
      },
    ],
    catalogs: [
      {
        name: '用户',
        pages: [
          {
            title: '登录',
            content: `**简要描述：** 用户登录，返回登录凭证。

**请求 URL：** \`POST /api/user/login\`

**参数**

|参数名|必选|类型|说明|
|:----|:---|:-----|-----|
|username|是|string|用户名|
|password|是|string|密码|

**返回示例**

${fence}json
{
  "error_code": 0,
  "data": { "uid": 1, "username": "alice", "user_token": "3a7b…" }
}
${fence}

**返回参数说明**

|参数名|类型|说明|
|:-----|:-----|-----|
|uid|int|用户 ID|
|user_token|string|之后的请求需带上它|
`,
          },
        ],
      },
    ],
  },
  {
    name: '示例：团队手册',
    description: '包含表格、流程图和公式的说明文档。',
    pages: [
      {
        title: '发布检查清单',
        content: `# 发布检查清单

|步骤|负责人|完成标准|
|:---|:---|:---|
|冻结分支|组长|不再合入新功能|
|运行测试|CI|全部通过|
|编写发布说明|文档|已发布在这里|

## 变更如何上线

${fence}mermaid
graph LR
  A[合并请求] --> B{评审}
  B -->|通过| C[合并]
  B -->|需修改| A
  C --> D[发布]
${fence}

## 故障预算

可用性目标为 99.9% 时，30 天内允许的停机时间为

$$
(1 - 0.999) \\times 30 \\times 24 \\times 60 \\approx 43 \\text{ 分钟}
$$
`,
      },
    ],
    catalogs: [],
  },
  {
    name: '示例：数据字典',
    description: '逐列说明数据库表结构。',
    pages: [
      {
        title: 'user',
        content: `- 应用的账号表

|字段|类型|允许空|默认|注释|
|:----|:-------|:--- |----|------|
|uid|int(10)|否||主键|
|username|varchar(50)|否||登录名|
|email|varchar(100)|是|NULL|邮箱|
|reg_time|int(11)|否|0|注册时间（Unix 秒）|
`,
      },
    ],
    catalogs: [],
  },
];

export function sampleProjects(lang: Lang): SampleProject[] {
  return lang === 'zh' ? zh : en;
}
