// /sleep-mode, /settings/sleep: the sleep mode screen with the parts other features build. The push
// card (src/features/notifications) is passed in here, since a feature never imports another.
import { PushNotificationCard } from '@/features/notifications';
import { SleepModeScreen } from '@/features/sleep/components/SleepModeScreen';

export default function SleepModeRoute() {
  return <SleepModeScreen pushCard={<PushNotificationCard />} />;
}
