// The presence hub's words, as spec 002 gives them ("Presence hub overview", "Presence hub console", §8);
// the ones the spec leaves to us are marked in docs/presence-hub.md.
export const HUB_TEXT = {
  title: 'Presence Hub',
  consoleTitle: 'Presence Hub Console',
  overview: 'Overview',
  activeModules: (count: number) => `Active Modules (${count})`,
  backToKiri: (persona: string) => `Back to ${persona}`,
  openInConsole: 'Open in Console',
  quickActions: 'Quick Actions',
  collapse: 'Collapse sidebar',
  expand: 'Expand sidebar',
  modulesNav: 'Presence hub modules',
  status: 'Status',
  uptime: 'Uptime',
  uptimeValue: '100%',
  realTime: 'Real-time processing',
  encrypted: 'Encrypted',
  features: 'Features',

  back: 'Back',
  emergency: 'EMERGENCY',
  refreshAll: 'Refresh All',
  camerasCard: 'Cameras',
  camerasActive: (active: number, total: number) => `${active}/${total}`,
  activeLabel: 'active',
  staffCard: 'Active Staff',
  onDuty: 'on duty',
  eventsCard: 'Security Events',
  last24h: 'last 24 hours',
  healthCard: 'System Health',
  tabs: {
    cameras: 'Cameras',
    security: 'Security',
    staff: 'Staff',
    vehicles: 'Vehicles',
    maintenance: 'Maintenance',
    hotel: 'Hotel',
    ambient: 'Ambient',
  },
  grid: 'Grid view',
  list: 'List view',
  addCamera: 'Add Camera',
  addStaff: 'Add Staff',
  addVehicle: 'Add Vehicle',
  editCamera: 'Edit Camera',
  editStaff: 'Edit Staff',
  editVehicle: 'Edit Vehicle',
  edit: 'Edit',
  remove: 'Delete',
  save: 'Save',
  cancel: 'Cancel',
  triggers: 'Manual Detection Triggers',
  triggerHint: 'Add a camera first to enable manual detection triggers',
  noCameras: 'No cameras registered yet',
  noEvents: 'No security events',
  allClear: 'All clear',
  noStaff: 'No staff members registered',
  noVehicles: 'No vehicles registered',
  rec: 'REC',
  feedPlaceholder: 'Live feed placeholder',
  acknowledge: 'Acknowledge',
  acknowledged: 'Acknowledged',
  error: 'Error',
  detectionFailed: 'Failed to trigger detection. Please try again.',
  emergencyFailed: 'Failed to trigger emergency alert. Please try again.',
  detectionRecorded: 'Detection Recorded',
  emergencyRaised: 'Emergency Alert Raised',
  emergencyDescription: 'Emergency alert triggered from the Security Console',
  saveFailed: 'Could not save',
  removeFailed: 'Could not delete',
  confirmRemove: (what: string) => `Delete ${what}?`,
  confirmRemoveHint: 'It leaves the register at once; recorded events keep its name.',
  offline: (at: string) =>
    `Offline: showing the register as last read at ${at}. Changes need a connection.`,
  offlineNoData: 'Offline: the register has not been read on this device yet.',
  loading: 'Loading the register…',
  loadFailed: 'Could not read the presence hub.',
  tryAgain: 'Try Again',
  fields: {
    cameraId: 'Camera ID',
    cameraIdHint: 'Leave empty for the next free CAM-number',
    zone: 'Zone',
    location: 'Location',
    ipAddress: 'IP Address or URL',
    status: 'Status',
    staffId: 'Staff ID',
    staffIdHint: 'Leave empty for the next free STAFF-number',
    name: 'Name',
    role: 'Role',
    uniformColor: 'Uniform Colour (optional)',
    plateNumber: 'Plate Number',
    vehicleType: 'Vehicle Type',
    ownerName: 'Owner Name',
  },
  maintenanceTitle: 'Maintenance Monitor',
  maintenanceText:
    'Facility maintenance tracking is not connected yet. Work orders and equipment alerts will appear here.',
  hotelTitle: 'Hotel Operations',
  hotelText:
    'Hotel operations are not connected yet. Room status, guest requests and housekeeping will appear here.',
  ambientTitle: 'Ambient Workplace Awareness',
  activeZones: 'Active Zones',
  tensionState: 'Tension State',
  calm: 'Calm',
  activeSuggestions: 'Active Suggestions',
  ambientNote:
    'Detection currently uses placeholders. The purpose of ambient awareness is care, not surveillance.',
} as const;

export const CAMERA_STATUS_LABELS = {
  online: 'online',
  offline: 'offline',
  maintenance: 'maintenance',
} as const;

export const STAFF_STATUS_LABELS = {
  on_duty: 'On Duty',
  off_duty: 'Off Duty',
  break: 'Break',
} as const;

export const VEHICLE_STATUS_LABELS = {
  authorized: 'Authorized',
  unauthorized: 'Unauthorized',
} as const;

export const DETECTION_LABELS = {
  fire: 'Fire',
  smoke: 'Smoke',
  intrusion: 'Intrusion',
  weapon: 'Weapon',
} as const;

/** Spec 002 §2 Ambient tab: the capability lists (the spec names their four headings). */
export const AMBIENT_CAPABILITIES: readonly { title: string; items: readonly string[] }[] = [
  {
    title: 'Posture',
    items: ['Slumped or tense sitting', 'Long periods without moving', 'Standing and stretching'],
  },
  {
    title: 'Gesture',
    items: ['Raised hand for help', 'Repeated rubbing of eyes or neck', 'Agitated movement'],
  },
  {
    title: 'Emotional Intelligence',
    items: ['Signs of stress or fatigue', 'A quiet team after a hard moment', 'Overall room mood'],
  },
  {
    title: 'Care Suggestions',
    items: ['A short break', 'Water or fresh air', 'A check-in from a colleague'],
  },
];
