import type { InterfaceLanguage } from '../interface-language';

/**
 * The editor's two built-in templates (seed 001 §2 "template menu"), in ShowDoc's layouts: an API page
 * (description, URL, method, parameters, example answer, answer fields, remarks) and a data-dictionary
 * page (table, description, fields).
 */
const api: Record<InterfaceLanguage, string> = {
  zh: `**简要描述：**

- 用户注册接口

**请求URL：**
- \` http://xx.com/api/user/register \`

**请求方式：**
- POST

**参数：**

|参数名|必选|类型|说明|
|:----    |:---|:----- |-----   |
|username |是  |string |用户名   |
|password |是  |string | 密码    |
|name     |否  |string | 昵称    |

**返回示例**

\`\`\`json
{
  "error_code": 0,
  "data": {
    "uid": "1",
    "username": "12154545",
    "name": "吴系挂",
    "groupid": 2,
    "reg_time": "1436864169",
    "last_login_time": "0"
  }
}
\`\`\`

**返回参数说明**

|参数名|类型|说明|
|:-----  |:-----|-----                           |
|groupid |int   |用户组id，1：超级管理员；2：普通用户  |

**备注**

- 更多返回错误代码请看首页的错误代码描述
`,
  en: `**Brief description:**

- Registers a user

**Request URL:**
- \` http://xx.com/api/user/register \`

**Method:**
- POST

**Parameters:**

|Parameter|Required|Type|Description|
|:----    |:---|:----- |-----   |
|username |yes |string |Username |
|password |yes |string |Password |
|name     |no  |string |Nickname |

**Example response**

\`\`\`json
{
  "error_code": 0,
  "data": {
    "uid": "1",
    "username": "12154545",
    "name": "Jane",
    "groupid": 2,
    "reg_time": "1436864169",
    "last_login_time": "0"
  }
}
\`\`\`

**Response fields**

|Field|Type|Description|
|:-----  |:-----|-----                           |
|groupid |int   |User group: 1 administrator, 2 ordinary user |

**Remarks**

- See the error code list on the home page for other error codes
`,
};

const database: Record<InterfaceLanguage, string> = {
  zh: `-  用户表，储存用户信息

|字段|类型|空|默认|注释|
|:----    |:-------    |:--- |-- -|------      |
|uid    |int(10)     |否 |  |             |
|username |varchar(20) |否 |    |   用户名  |
|password |varchar(50) |否   |    |   密码    |
|name     |varchar(15) |是   |    |    昵称     |
|reg_time |int(11)     |否   | 0  |   注册时间  |

- 备注：无
`,
  en: `-  user: the users of the site

|Field|Type|Null|Default|Comment|
|:----    |:-------    |:--- |-- -|------      |
|uid    |int(10)     |no |  |             |
|username |varchar(20) |no |    |   Username  |
|password |varchar(50) |no   |    |   Password hash |
|name     |varchar(15) |yes   |    |    Nickname     |
|reg_time |int(11)     |no   | 0  |   Registered at (unix time) |

- Remarks: none
`,
};

export function apiDocTemplate(lang: InterfaceLanguage): string {
  return api[lang];
}

export function databaseDocTemplate(lang: InterfaceLanguage): string {
  return database[lang];
}
