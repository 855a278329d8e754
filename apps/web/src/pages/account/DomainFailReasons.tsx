import type { DomainFailReason } from '@leadreel/shared';
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Marks where a value goes in a translated sentence; never in a translation or a DNS name. */
const MARK = '\u0000';

/**
 * One reason of a failed check in the console's language (`domains.reasons.<code>`), its DNS names, values
 * and addresses shown as they are, in code style; a DNS server's problem is worded; words stored before
 * reasons were codes (`other`) are shown as written.
 */
function Reason({ reason }: { reason: DomainFailReason }) {
  const { t } = useTranslation();
  if (reason.code === 'other') return <span>{reason.values.text}</span>;
  const values: Record<string, string> = reason.values;
  // Each placeholder becomes a marked name, so the sentence is split around the values, never parsed as markup.
  const marked = Object.fromEntries(Object.keys(values).map((name) => [name, `${MARK}${name}${MARK}`]));
  const parts = t(`domains.reasons.${reason.code}`, marked).split(MARK);
  // Text and names alternate; a name may come twice (apex_addresses' target), so its key counts them.
  const seen = new Map<string, number>();
  const shown: ReactNode[] = [parts[0]];
  for (let at = 1; at < parts.length; at += 2) {
    const name = parts[at] as string;
    const value = values[name] ?? '';
    const times = (seen.get(name) ?? 0) + 1;
    seen.set(name, times);
    shown.push(
      reason.code === 'dns_unanswered' && name === 'problem' ? (
        t(`domains.dnsProblems.${value}`)
      ) : (
        <Typography.Text code key={`${name}-${times}`} style={{ wordBreak: 'break-all' }}>
          {value}
        </Typography.Text>
      ),
      parts[at + 1],
    );
  }
  return <span>{shown}</span>;
}

/** Why the last check failed: a line per record at fault. */
export function DomainFailReasons({ reasons }: { reasons: DomainFailReason[] }) {
  return (
    <Flex vertical gap={4} data-testid="domain-fail-reasons">
      {reasons.map((reason) => (
        <Reason key={JSON.stringify(reason)} reason={reason} />
      ))}
    </Flex>
  );
}
