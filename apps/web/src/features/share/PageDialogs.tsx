import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeToCopy } from './CopyButton.tsx';
import { LinksDialog } from './LinksDialog.tsx';
import { ShareLinks, type ShareTexts } from './ShareDialog.tsx';
import { DEFAULT_EMBED_CHOICE, iframeSnippet } from './snippets.ts';
import { LinkBaseSelect, usePageLinkBase } from './useLinkBase.tsx';

/**
 * A public page shared as it stands (an album's): its address on the installation's own host, which each
 * active custom domain serves at the same path, its title and its picture (absolute, or null).
 */
export type SharedPage = { url: string; title: string; image: string | null };

/** The share dialog with QR code, for a page rather than a video: the same panel, on the page's addresses. */
export function PageShareDialog({
  page,
  title,
  texts,
  onClose,
}: {
  page: SharedPage | null;
  /** The dialog's title. */
  title: string;
  texts: ShareTexts;
  onClose: () => void;
}) {
  const { bases, base, choose } = usePageLinkBase(page?.url ?? null);
  return (
    <LinksDialog open={Boolean(page)} onClose={onClose} title={title} error={null}>
      {page && base && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <LinkBaseSelect bases={bases} base={base} choose={choose} />
          <ShareLinks link={base.watchUrl} title={page.title} image={page.image} texts={texts} />
        </Space>
      )}
    </LinksDialog>
  );
}

/**
 * The website code of a page's player (its `/embed`): a responsive frame of the player's shape, no wider than
 * `maxWidth` px, so a tall player does not grow past the screen on a wide page.
 */
export function pageEmbedSnippet(embedUrl: string, title: string, ratio: number, maxWidth: number): string {
  return `<div style="max-width:${maxWidth}px">${iframeSnippet(embedUrl, title, DEFAULT_EMBED_CHOICE, ratio)}</div>`;
}

/** The embed dialog of a page: its website code on the chosen address, to copy. */
export function PageEmbedDialog({
  page,
  title,
  help,
  ratio,
  maxWidth,
  onClose,
}: {
  page: SharedPage | null;
  /** The dialog's title. */
  title: string;
  /** Where the code goes, said above it. */
  help: string;
  /** The player's width over its height. */
  ratio: number;
  maxWidth: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { bases, base, choose } = usePageLinkBase(page?.url ?? null);
  const code = page && base ? pageEmbedSnippet(base.embedUrl, page.title, ratio, maxWidth) : '';
  return (
    <LinksDialog open={Boolean(page)} onClose={onClose} title={title} error={null}>
      {page && base && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <LinkBaseSelect bases={bases} base={base} choose={choose} />
          <Typography.Paragraph type="secondary">{help}</Typography.Paragraph>
          <CodeToCopy code={code} label={t('share.websiteCode')} />
        </Space>
      )}
    </LinksDialog>
  );
}
