// /sleep-mode, /settings/sleep: the sleep mode screen with the parts other features build. The push
// card (src/features/notifications) is passed in here, since a feature never imports another:
// `<SleepModeScreen pushCard={<PushCard />} />` once it exists. Until then the notifications part
// shows the pending reminders alone.
import { SleepModeScreen } from '@/features/sleep/components/SleepModeScreen';

export default function SleepModeRoute() {
  return <SleepModeScreen />;
}
