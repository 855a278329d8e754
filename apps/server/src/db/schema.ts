import type { Language, Period } from '@leadreel/shared';
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface AccountTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  google_sub: string | null;
  language: Language;
  referrer_id: string | null;
  is_referrer: Generated<boolean>;
  vip_period: Generated<Period>;
  period_end_at: Date | null;
  default_folder_id: string | null;
  used_storage: Generated<string>;
  used_traffic: Generated<string>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface FolderTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  created_at: CreatedAt;
}

export interface SessionTable {
  id: Generated<string>;
  account_id: string;
  token_hash: string;
  created_at: CreatedAt;
  last_used_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface VerificationCodeTable {
  id: Generated<string>;
  email: string;
  scene: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: CreatedAt;
  expires_at: Date;
  consumed_at: Date | null;
}

export interface RateLimitTable {
  key: string;
  window_start: Date;
  hits: number;
}

export interface Database {
  account: AccountTable;
  folder: FolderTable;
  session: SessionTable;
  verification_code: VerificationCodeTable;
  rate_limit: RateLimitTable;
}
