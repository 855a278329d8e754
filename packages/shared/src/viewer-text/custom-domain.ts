import type { DnsProblem, DomainFailCode } from '../contracts/domains.ts';
import type { Language } from '../languages.ts';
import type { Translation } from './translation.ts';

/**
 * The mail to an account whose verified domain stopped serving because its records no longer lead here
 * (docs/product.md "Custom domains"), in the account's language. `{brand}`, `{domain}` and `{url}` are
 * filled in; each reason of the check is a sentence of `reasons` filled with its values (`{name}`, `{value}`,
 * `{target}`, `{found}`: DNS names, values and addresses, which read the same in every language, and
 * `{problem}`, one of `problems`). A reason stored in words before codes (`other`) is written as it is.
 */
const en: {
  subject: string;
  body: string;
  found: string;
  fix: string;
  signature: string;
  reasons: Record<Exclude<DomainFailCode, 'other'>, string>;
  problems: Record<DnsProblem, string>;
} = {
  subject: '{domain} no longer shows your {brand} videos',
  body: "Today's check of {domain} found that its DNS records no longer point to {brand}, so its pages stopped being served: visitors of {domain} no longer see your videos.",
  found: 'What the check found:',
  fix: 'Put the records back (they are listed under Custom domain in your account), then choose Retry there: {url}/account/custom-domain',
  signature: 'The {brand} team',
  reasons: {
    txt_missing: 'There is no TXT record at {name}: add one with the value {value}.',
    txt_wrong: 'The TXT record at {name} does not hold {value}.',
    cname_missing: 'There is no CNAME record for {name}: add one pointing to {target}.',
    cname_wrong: 'The CNAME record of {name} points to {found}, not to {target}.',
    apex_addresses:
      'There is no CNAME record for {name}: add one pointing to {target} (or, for a root domain, A/AAAA records with the addresses of {target}; it has {found}).',
    dns_unanswered: 'The DNS server {problem} for {name}.',
    canceled: 'Verification canceled.',
  },
  problems: {
    timeout: 'did not answer in time',
    servfail: 'answered with a server failure (SERVFAIL)',
    refused: 'refused the question',
    unreachable: 'could not be reached',
    failed: 'failed to answer',
  },
};

const zh: Translation<typeof en> = {
  subject: '{domain} 已不再展示您的 {brand} 视频',
  body: '今天对 {domain} 的检查发现其 DNS 记录已不再指向 {brand}，因此该域名下的页面已停止提供：访问 {domain} 的访客将无法再看到您的视频。',
  found: '检查结果：',
  fix: '请恢复这些记录（可在账户的“自定义域名”中查看），然后在该页面点击“重试”：{url}/account/custom-domain',
  signature: '{brand} 团队',
  reasons: {
    txt_missing: '{name} 没有 TXT 记录：请添加一条值为 {value} 的记录。',
    txt_wrong: '{name} 的 TXT 记录中没有 {value}。',
    cname_missing: '{name} 没有 CNAME 记录：请添加一条指向 {target} 的记录。',
    cname_wrong: '{name} 的 CNAME 记录指向 {found}，而不是 {target}。',
    apex_addresses:
      '{name} 没有 CNAME 记录：请添加一条指向 {target} 的记录（根域名也可以添加与 {target} 地址相同的 A/AAAA 记录；它现在的地址是 {found}）。',
    dns_unanswered: 'DNS 服务器在查询 {name} 时{problem}。',
    canceled: '已取消验证。',
  },
  problems: {
    timeout: '未及时应答',
    servfail: '返回了服务器故障（SERVFAIL）',
    refused: '拒绝了查询',
    unreachable: '无法连接',
    failed: '未能应答',
  },
};

export const DOMAIN_LOST_MAIL_TEXT: Record<Language, typeof en> = { en, zh_CN: zh };
