import type { Lead } from '@leadreel/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { type ClickListArgs, type LeadListArgs, leadsApi } from '../../api/endpoints.ts';
import { domainKey, routeKey } from '../../api/keys.ts';

/** Query keys of the leads screens; every key starts with `leads`, so one invalidation refreshes them all. */
export const leadKeys = {
  all: domainKey('leads'),
  list: (query: LeadListArgs) => routeKey('leads.list', query),
  detail: (leadId: string) => routeKey('leads.detail', { leadId }),
  clicks: (query: ClickListArgs) => routeKey('leads.clicks', query),
};

export function useLeadListQuery(query: LeadListArgs, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: leadKeys.list(query),
    queryFn: () => leadsApi.list(query),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** One lead and its timeline; off while no lead is open. */
export function useLeadDetailQuery(leadId: string | null) {
  return useQuery({
    queryKey: leadKeys.detail(leadId ?? ''),
    queryFn: () => leadsApi.detail(leadId ?? ''),
    enabled: leadId !== null,
    retry: false,
  });
}

export function useClickListQuery(query: ClickListArgs) {
  return useQuery({
    queryKey: leadKeys.clicks(query),
    queryFn: () => leadsApi.clicks(query),
    placeholderData: keepPreviousData,
  });
}

/** Marks leads read or unread, then refreshes every list (the unread counts move). */
export function useMarkLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { leadIds: string[]; read: boolean }) => leadsApi.markRead(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
}

export function useDeleteLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (leadIds: string[]) => leadsApi.remove({ leadIds }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
}

/** A missing answer in a cell or the detail. */
export const EMPTY = '—';

/** Who left the lead: the name answer, else the email, else a dash. */
export const leadName = (lead: Lead) => lead.answers.name || lead.answers.email || EMPTY;

/** The moment in the video as m:ss (minutes run past 59). */
export function formatSecond(second: number): string {
  const total = Math.max(0, Math.round(second));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Hands a downloaded file to the browser through a temporary `<a download>`. */
export function saveFile(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** A table's page and page size, back to the first page when the size changes or the filter does. */
export function usePaging(pageSize = 20) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(pageSize);
  return {
    page,
    pageSize: size,
    setPage,
    /** The table's pagination for `total` rows; `onTurn` runs on every change (a selection to clear). */
    pagination: (total: number, onTurn?: () => void): TablePaginationConfig => ({
      current: page,
      pageSize: size,
      total,
      showSizeChanger: true,
      pageSizeOptions: [20, 50, 100],
      onChange: (next, nextSize) => {
        if (nextSize !== size) {
          setSize(nextSize);
          setPage(1);
        } else setPage(next);
        onTurn?.();
      },
    }),
  };
}
