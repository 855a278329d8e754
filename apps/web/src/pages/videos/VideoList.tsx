import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CommunityDialog } from '../../components/CommunityDialog.tsx';
import { NotAvailable } from '../../components/NotAvailable.tsx';

/** The video list arrives with the videos issue; the community invitation opens here after the guide (spec §2). */
export function VideoList() {
  const location = useLocation();
  const navigate = useNavigate();
  const [community, setCommunity] = useState(Boolean((location.state as { community?: boolean } | null)?.community));
  const close = () => {
    setCommunity(false);
    navigate(location.pathname, { replace: true, state: null });
  };
  return (
    <>
      <NotAvailable title="route.video-list" />
      <CommunityDialog open={community} onClose={close} />
    </>
  );
}
