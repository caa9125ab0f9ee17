// The notifications feature's public face: the push card, for the screen that places it (the
// sleep-mode screen; its route element in src/app composes the two).
export { PushNotificationCard } from './components/PushNotificationCard';
