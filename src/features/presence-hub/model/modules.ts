// The overview's nine modules (spec 002 "Presence hub overview"): their names are the spec's; the
// descriptions and feature lists are ours (the spec shows that they exist, not what they say), written
// to say what each module is for. `consoleTab` is where the console keeps its real data, if anywhere.
import type { ConsoleTab } from './console-model';

export interface HubModule {
  id: string;
  name: string;
  description: string;
  features: readonly string[];
  consoleTab: ConsoleTab | null;
}

export const HUB_MODULES: readonly HubModule[] = [
  {
    id: 'cctv',
    name: 'CCTV Monitoring',
    description: 'The registered cameras of every zone, their status and their feeds in one place.',
    features: [
      'Camera register with zone, location and address',
      'Online, offline and maintenance status',
      'Grid and list views',
      'Manual detection triggers',
    ],
    consoleTab: 'cameras',
  },
  {
    id: 'facial',
    name: 'Facial Recognition',
    description: 'Recognising registered staff at the cameras, so that visitors stand out.',
    features: [
      'Matching against the staff register',
      'Unknown-visitor notices',
      'Detection currently uses placeholders',
    ],
    consoleTab: null,
  },
  {
    id: 'vehicles',
    name: 'Vehicle Tracking',
    description: 'The vehicles allowed on the premises and the ones that are not.',
    features: ['Plate register', 'Authorized and unauthorized status', 'Vehicle type and owner'],
    consoleTab: 'vehicles',
  },
  {
    id: 'staff',
    name: 'Staff Management',
    description: 'Who works here, in which role, and who is on duty now.',
    features: ['Staff register with id and role', 'On duty, off duty and break', 'Uniform colour'],
    consoleTab: 'staff',
  },
  {
    id: 'maintenance',
    name: 'Maintenance Monitor',
    description: 'Facility maintenance: equipment that needs care before it fails.',
    features: ['Work orders', 'Equipment alerts', 'Not connected yet'],
    consoleTab: 'maintenance',
  },
  {
    id: 'hotel',
    name: 'Hotel Operations',
    description: 'Rooms, guests and housekeeping for a hotel that runs the hub.',
    features: ['Room status', 'Guest requests', 'Not connected yet'],
    consoleTab: 'hotel',
  },
  {
    id: 'emergency',
    name: 'Emergency Response',
    description: 'One button that records a critical event and tells the owner at once.',
    features: [
      'EMERGENCY button in the console',
      'Push notification to the owner’s devices',
      'Acknowledging an alert',
    ],
    consoleTab: 'security',
  },
  {
    id: 'smart-security',
    name: 'Smart Security Engine',
    description: 'Detections become security events with a severity that matches the danger.',
    features: [
      'Fire and weapon: critical',
      'Smoke: high',
      'Intrusion: high at night, medium by day',
      'Events of the last 24 hours',
    ],
    consoleTab: 'security',
  },
  {
    id: 'ambient',
    name: 'Ambient Workplace',
    description: 'Awareness of how people are doing, for care rather than surveillance.',
    features: ['Posture and gesture cues', 'Emotional intelligence', 'Care suggestions'],
    consoleTab: 'ambient',
  },
];
