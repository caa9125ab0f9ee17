// What the app layer takes from the browser tasks: the chat's host (lazy), the menu's opener.
export { openTypedAddress } from './api/task-runner';
