/** Fictional schools of the demo data (role user). Names, ids and addresses are invented. */
export interface DemoSchool {
  name: string;
  loginId: string;
  address: string;
  district: string;
}

export const DEMO_SCHOOLS: readonly DemoSchool[] = [
  {
    name: 'Maple Grove Elementary',
    loginId: 'maplegrove',
    address: '120 Maple Grove Rd',
    district: 'North Valley',
  },
  {
    name: 'Cedar Hill Middle School',
    loginId: 'cedarhill',
    address: '45 Cedar Hill Ave',
    district: 'North Valley',
  },
  {
    name: 'Riverside High School',
    loginId: 'riverside',
    address: '900 River Bend Dr',
    district: 'Riverside',
  },
  { name: 'Oak Park Primary', loginId: 'oakpark', address: '18 Acorn St', district: 'Central' },
  {
    name: 'Willow Creek Academy',
    loginId: 'willowcreek',
    address: '3 Willow Creek Ln',
    district: 'East Hills',
  },
  {
    name: 'Sunnyside Elementary',
    loginId: 'sunnyside',
    address: '77 Sunny Side Blvd',
    district: 'Central',
  },
  {
    name: 'Lakeview Junior High',
    loginId: 'lakeview',
    address: '2100 Lakeshore Pkwy',
    district: 'Lakes',
  },
  {
    name: 'Pine Ridge School',
    loginId: 'pineridge',
    address: '6 Pine Ridge Trail',
    district: 'East Hills',
  },
  {
    name: 'Harbor Point Elementary',
    loginId: 'harborpoint',
    address: '51 Harbor Point Way',
    district: 'Coastal',
  },
  {
    name: 'Meadowbrook Middle School',
    loginId: 'meadowbrook',
    address: '300 Meadow Brook Rd',
    district: 'South Plains',
  },
  {
    name: 'Silver Birch Community School',
    loginId: 'silverbirch',
    address: '14 Birch Hollow',
    district: 'Lakes',
  },
  {
    name: 'Granite Falls High School',
    loginId: 'granitefalls',
    address: '820 Quarry St',
    district: 'South Plains',
  },
  {
    name: 'Blue Heron Elementary',
    loginId: 'blueheron',
    address: '9 Heron Marsh Ct',
    district: 'Coastal',
  },
  { name: 'Fox Run Primary', loginId: 'foxrun', address: '410 Fox Run Dr', district: 'Riverside' },
];
