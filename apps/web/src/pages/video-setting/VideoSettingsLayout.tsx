import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import type { RouteDef } from '../../app/routeDef.ts';

/** The video settings screens (the console contract /video-setting/{videoId}/...) as tabs above the chosen one. */
export function VideoSettingsLayout({ def }: { def: RouteDef }) {
  const { t } = useTranslation();
  const { videoId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const active = location.pathname.split('/')[3] ?? '';
  return (
    <div className="video-settings">
      <Tabs
        activeKey={active}
        onChange={(key) => navigate(`/video-setting/${videoId}/${key}`)}
        items={(def.children ?? []).map((child) => ({ key: child.path, label: t(child.meta.title) }))}
      />
      <Outlet />
    </div>
  );
}
