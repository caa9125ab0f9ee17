// /mobile-test (spec 002 §2): proves the app runs on this device.
import { useEffect, useState } from 'react';
import { Smartphone } from 'lucide-react';
import { Button } from '@/ui/Button';
import { Page } from '@/ui/Page';

export function MobileTestPage() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);

  return (
    <Page title="Mobile Test">
      <div className="grid gap-3">
        <p className="flex items-center gap-2">
          <Smartphone size={20} aria-hidden />
          The app works on this device.
        </p>
        <p>
          Current time: <time dateTime={now.toISOString()}>{now.toLocaleTimeString()}</time>
        </p>
        <div>
          <Button onClick={() => window.alert('Test button works!')}>Test Button</Button>
        </div>
      </div>
    </Page>
  );
}

export default MobileTestPage;
