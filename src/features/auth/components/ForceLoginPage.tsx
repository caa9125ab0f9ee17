// /force-login: the authentication issue page. It says there is a problem with the login, and after 3
// seconds it logs out (flags cleared, session revoked), which shows the login screen (spec 002 §2, §9).
import { useEffect, useState } from 'react';
import { useLogout } from '@/lib/auth-session';
import { Button } from '@/ui/Button';
import { Page } from '@/ui/Page';
import { FORCE_LOGIN_DELAY_MS, secondsLeft } from '../model/force-login';

export function ForceLoginPage() {
  const logout = useLogout();
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => {
    const started = Date.now();
    const tick = setInterval(() => setElapsed(Date.now() - started), 250);
    const done = setTimeout(() => void logout(), FORCE_LOGIN_DELAY_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(done);
    };
  }, [logout]);

  const left = secondsLeft(elapsed);
  return (
    <Page
      title="Authentication Issue"
      subtitle="There is a problem with your authentication: your login needs to be renewed."
    >
      <p aria-live="polite">
        {left > 0
          ? `You will be asked to log in again in ${left} second${left === 1 ? '' : 's'}.`
          : 'Logging out…'}
      </p>
      <div>
        <Button onClick={() => void logout()}>Log in now</Button>
      </div>
    </Page>
  );
}

export default ForceLoginPage;
