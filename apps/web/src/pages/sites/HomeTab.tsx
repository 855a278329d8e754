import type { SiteHome } from '@leadreel/shared';
import { EMAIL_GATES, THUMBNAIL_RATIOS } from '@leadreel/shared/contracts/sites';
import { Form, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { sitesApi } from '../../api/endpoints.ts';
import { SiteForm } from './SiteForm.tsx';
import { useSiteSave } from './saving.ts';
import { useSite } from './siteData.ts';

/** A ratio as a locale key: i18next reads ':' as its namespace separator. */
const ratioKey = (ratio: SiteHome['thumbnailRatio']) => `sites.home.ratio.r${ratio.replace(':', 'x')}`;

/** A small frame of the ratio's shape, so the choice is seen and not only read. */
function RatioShape({ ratio }: { ratio: SiteHome['thumbnailRatio'] }) {
  const [width, height] = ratio.split(':').map(Number) as [number, number];
  return <span className="site-ratio-shape" style={{ aspectRatio: `${width} / ${height}` }} aria-hidden="true" />;
}

/**
 * The home tab: For You recommendations, the shape of the video thumbnails on the site's pages, and whether
 * the site asks for the viewer's email before a video.
 */
export function HomeTab() {
  const { t } = useTranslation();
  const { data: site } = useSite();
  const [form] = Form.useForm<SiteHome>();
  const { busy, save } = useSiteSave(form, 'home.');
  if (!site) return null;

  return (
    <SiteForm<SiteHome>
      key={site.id}
      title={t('route.home-tab')}
      busy={busy}
      form={form}
      name="home-tab"
      initialValues={site.home}
      // What this screen does not show is sent back as it was.
      onFinish={(values) => void save(() => sitesApi.saveHome({ id: site.id, home: { ...site.home, ...values } }))}
    >
      <Form.Item
        name="forYou"
        label={t('sites.home.forYou')}
        valuePropName="checked"
        extra={t('sites.home.forYouHelp')}
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="thumbnailRatio"
        label={t('sites.home.thumbnailRatio')}
        extra={t('sites.home.thumbnailRatioHelp')}
      >
        <Radio.Group className="site-ratios">
          {THUMBNAIL_RATIOS.map((ratio) => (
            <Radio.Button key={ratio} value={ratio} className="site-ratio">
              <RatioShape ratio={ratio} />
              <span>{t(ratioKey(ratio))}</span>
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      {/* docs/product.md "Sites": the email gate asks a viewer's email before a video, kept as that video's lead. */}
      <Form.Item name="emailGate" label={t('sites.home.emailGate')} extra={t('sites.home.emailGateHelp')}>
        <Radio.Group
          optionType="button"
          options={EMAIL_GATES.map((gate) => ({ value: gate, label: t(`sites.home.gate.${gate}`) }))}
        />
      </Form.Item>
    </SiteForm>
  );
}
