import type { Compliance, DataCenter, DataCenterRegion } from "@/lib/schemas/catalog";
import type { VolumeType } from "@/lib/schemas/common";
import type { Cloud } from "@/lib/schemas/pods";

// Data centers (platform-notes §6.4): the 26 ids of the older API's enum. Names follow the documented
// "US Kansas 2" style. Per-DC flags are not documented per id, so they are ours, chosen so every rule
// that depends on them can be exercised:
//  - global networking and HIGH_PERFORMANCE volumes only in a few flagship sites (US-KS-2, US-TX-3,
//    US-CA-2, US-GA-2, CA-MTL-3, EU-RO-1, EU-SE-1, EUR-NO-1); EUR-IS-1 and EU-NL-1 have global
//    networking with STANDARD volumes only;
//  - community-only sites host no network volumes (volumes attach to Secure Cloud pods only);
//  - `networkVolumeTypes[0]` is the site's primary tier, the default `type` of a new volume; US-TX-3
//    and EU-SE-1 are all-flash sites whose primary tier is HIGH_PERFORMANCE.

export interface DataCenterEntry extends Omit<DataCenter, "gpuAvailability" | "cpuAvailability"> {
  /** ISO 3166-1 alpha-2, for the GPU catalogue's `countryCodes` filter. */
  countryCode: string;
  /** Which hardware classes the site hosts: SECURE (service-owned) and/or COMMUNITY. */
  clouds: Cloud[];
}

/** Region from the id prefix: `US-`/`CA-` North America, `EU-`/`EUR-` Europe, `OC-` Oceania, `AP-` Asia. */
export function regionOf(id: string): DataCenterRegion {
  const prefix = id.split("-")[0];
  switch (prefix) {
    case "US":
    case "CA":
      return "NORTH_AMERICA";
    case "EU":
    case "EUR":
      return "EUROPE";
    case "OC":
      return "OCEANIA";
    case "AP":
      return "ASIA";
    default:
      return "UNKNOWN";
  }
}

const STD: VolumeType[] = ["STANDARD"];
const STD_HP: VolumeType[] = ["STANDARD", "HIGH_PERFORMANCE"];
const HP_STD: VolumeType[] = ["HIGH_PERFORMANCE", "STANDARD"];
const NO_VOLUMES: VolumeType[] = [];
const SECURE: Cloud[] = ["SECURE"];
const COMMUNITY: Cloud[] = ["COMMUNITY"];
const BOTH: Cloud[] = ["SECURE", "COMMUNITY"];

type Row = [
  id: string,
  name: string,
  countryCode: string,
  globalNetwork: boolean,
  networkVolumeTypes: VolumeType[],
  compliance: Compliance[],
  clouds: Cloud[],
];

// In the order of the documented enum.
// One line per data center keeps the table reviewable.
// prettier-ignore
const ROWS: readonly Row[] = [
  ["EU-RO-1", "EU Romania 1", "RO", true, STD_HP, ["GDPR", "ISO_IEC_27001", "SOC_2_TYPE_2"], SECURE],
  ["CA-MTL-1", "CA Montreal 1", "CA", false, STD, ["ISO_IEC_27001", "RENEWABLE"], SECURE],
  ["EU-SE-1", "EU Sweden 1", "SE", true, HP_STD, ["GDPR", "ISO_IEC_27001", "ISO_14001", "RENEWABLE"], SECURE],
  ["US-IL-1", "US Illinois 1", "US", false, STD, ["SOC_2_TYPE_2"], SECURE],
  ["EUR-IS-1", "EUR Iceland 1", "IS", true, STD, ["GDPR", "ISO_IEC_27001", "RENEWABLE"], SECURE],
  ["EU-CZ-1", "EU Czech Republic 1", "CZ", false, STD, ["GDPR"], BOTH],
  ["US-TX-3", "US Texas 3", "US", true, HP_STD, ["SOC_2_TYPE_2", "ISO_IEC_27001", "PCI_DSS"], SECURE],
  ["EUR-IS-2", "EUR Iceland 2", "IS", false, STD, ["GDPR", "RENEWABLE"], SECURE],
  ["US-KS-2", "US Kansas 2", "US", true, STD_HP, ["SOC_2_TYPE_2", "ISO_IEC_27001"], SECURE],
  ["US-GA-2", "US Georgia 2", "US", true, STD_HP, ["SOC_2_TYPE_2", "HIPAA"], SECURE],
  ["US-WA-1", "US Washington 1", "US", false, STD, ["SOC_2_TYPE_2"], SECURE],
  ["US-TX-1", "US Texas 1", "US", false, STD, [], BOTH],
  ["CA-MTL-3", "CA Montreal 3", "CA", true, STD_HP, ["ISO_IEC_27001", "SOC_2_TYPE_2", "RENEWABLE"], SECURE],
  ["EU-NL-1", "EU Netherlands 1", "NL", true, STD, ["GDPR", "ISO_IEC_27001"], SECURE],
  ["US-TX-4", "US Texas 4", "US", false, STD, ["SOC_2_TYPE_2"], SECURE],
  ["US-CA-2", "US California 2", "US", true, STD_HP, ["SOC_1_TYPE_2", "SOC_2_TYPE_2", "ISO_IEC_27001", "HIPAA"], SECURE],
  ["US-NC-1", "US North Carolina 1", "US", false, NO_VOLUMES, [], COMMUNITY],
  ["OC-AU-1", "OC Australia 1", "AU", false, STD, ["ISO_IEC_27001"], SECURE],
  ["US-DE-1", "US Delaware 1", "US", false, NO_VOLUMES, [], COMMUNITY],
  ["EUR-IS-3", "EUR Iceland 3", "IS", false, NO_VOLUMES, ["GDPR", "RENEWABLE"], COMMUNITY],
  ["CA-MTL-2", "CA Montreal 2", "CA", false, STD, ["RENEWABLE"], BOTH],
  ["AP-JP-1", "AP Japan 1", "JP", false, STD, ["ISO_IEC_27001"], SECURE],
  ["EUR-NO-1", "EUR Norway 1", "NO", true, STD_HP, ["GDPR", "ISO_IEC_27001", "RENEWABLE"], SECURE],
  ["EU-FR-1", "EU France 1", "FR", false, STD, ["GDPR", "ISO_IEC_27001"], BOTH],
  ["US-KS-3", "US Kansas 3", "US", false, NO_VOLUMES, [], COMMUNITY],
  ["US-GA-1", "US Georgia 1", "US", false, STD, ["SOC_2_TYPE_2"], BOTH],
];

export const DATA_CENTERS: readonly DataCenterEntry[] = ROWS.map(
  ([
    id,
    name,
    countryCode,
    globalNetwork,
    networkVolumeTypes,
    compliance,
    clouds,
  ]): DataCenterEntry => ({
    id,
    name,
    region: regionOf(id),
    countryCode,
    globalNetwork,
    networkVolumeTypes: [...networkVolumeTypes],
    compliance: [...compliance],
    clouds: [...clouds],
  }),
);
