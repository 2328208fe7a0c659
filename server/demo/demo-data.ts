import type { PriceBreakCents } from "#server/catalog/pricing";

/**
 * The demo shop: the seed shop's six tools first, then more of what workshops buy, and three reviews.
 * Priced per piece and lotted as a car-parts wholesaler sells to workshops and resellers. Every stock
 * state shows: the Door is at its low-stock level but orderable, the Floor Jack is below the 500 that
 * Order Now needs (ordering opens at 500) and the Alternator is sold out. Spark plugs, brake discs
 * and pistons, bought by the box, cost less a piece from a lot on (volume price breaks).
 */
export type DemoTool = {
  name: string;
  slug: string;
  priceCents: number;
  available: number;
  minimum: number;
  increment?: number;
  maximum?: number;
  /** Admins are told to restock at or below this; the shop badges the tool "Low stock" from it. */
  lowStockAt?: number;
  leadTimeDays?: number;
  /** Volume price breaks, in cents, on what a workshop buys by the box (spark plugs, discs, pistons). */
  priceBreaks?: PriceBreakCents[];
  description: string;
};

export const demoTools: DemoTool[] = [
  {
    name: "Bumper",
    slug: "bumper",
    priceCents: 118_50,
    available: 860,
    minimum: 10,
    description:
      "Front bumper cover in impact-resistant polypropylene, primed and ready to paint. Pre-drilled for parking sensors and fog lamps; fits most compact sedans.",
  },
  {
    name: "Door",
    slug: "door",
    priceCents: 289_00,
    available: 540,
    minimum: 2,
    maximum: 20,
    lowStockAt: 600,
    leadTimeDays: 5,
    description:
      "Complete front door shell in galvanised steel with side-impact beam, hinges and window channel fitted. E-coated against corrosion.",
  },
  {
    name: "Engine Block",
    slug: "engine-block",
    priceCents: 742_00,
    available: 530,
    minimum: 2,
    maximum: 10,
    leadTimeDays: 7,
    description:
      "Four-cylinder cast-iron engine block, bored, honed and pressure-tested. Supplied with main bearing caps and core plugs installed.",
  },
  {
    name: "Injection Pump",
    slug: "injection-pump",
    priceCents: 879_00,
    available: 610,
    minimum: 2,
    maximum: 12,
    leadTimeDays: 10,
    description:
      "Rotary diesel fuel injection pump, remanufactured and bench-calibrated to factory flow figures. Includes new seals and a test report.",
  },
  {
    name: "Mirror",
    slug: "mirror",
    priceCents: 46_80,
    available: 2300,
    minimum: 10,
    increment: 2,
    description:
      "Power-adjustable heated side mirror with integrated LED turn signal. Aspheric glass widens the view and reduces the blind spot.",
  },
  {
    name: "Piston",
    slug: "piston",
    priceCents: 34_20,
    available: 1360,
    minimum: 16,
    increment: 4,
    priceBreaks: [
      { minQuantity: 100, priceCents: 32_50 },
      { minQuantity: 400, priceCents: 30_90 },
    ],
    description:
      "Forged aluminium piston with rings, gudgeon pin and circlips. Graphite-coated skirt for low friction and quiet cold starts.",
  },
  {
    name: "Torque Wrench",
    slug: "torque-wrench",
    priceCents: 68_50,
    available: 1800,
    minimum: 50,
    increment: 50,
    description:
      "Half-inch drive click torque wrench, 40 to 210 Nm, accurate to ±4%. Calibration certificate and storage case included.",
  },
  {
    name: "Hydraulic Floor Jack",
    slug: "floor-jack",
    priceCents: 164_00,
    available: 420,
    minimum: 4,
    increment: 2,
    leadTimeDays: 6,
    description:
      "Low-profile 3-tonne trolley jack with dual-pump quick lift, 85 to 505 mm range and a padded saddle that protects sills.",
  },
  {
    name: "OBD-II Diagnostic Scanner",
    slug: "diagnostic-scanner",
    priceCents: 94_90,
    available: 1150,
    minimum: 5,
    increment: 5,
    description:
      "Handheld OBD-II scanner that reads and clears engine, ABS and airbag fault codes, shows live sensor data and runs emissions readiness checks.",
  },
  {
    name: "Brake Disc Rotor",
    slug: "brake-disc",
    priceCents: 38_60,
    available: 5200,
    minimum: 20,
    increment: 2,
    maximum: 600,
    priceBreaks: [
      { minQuantity: 100, priceCents: 36_90 },
      { minQuantity: 300, priceCents: 34_80 },
    ],
    description:
      "Ventilated front brake disc in G3000 cast iron, balanced and anti-corrosion coated. Sold in matched pairs for even braking.",
  },
  {
    name: "Spark Plug",
    slug: "spark-plug",
    priceCents: 6_40,
    available: 12000,
    minimum: 100,
    increment: 10,
    leadTimeDays: 2,
    priceBreaks: [
      { minQuantity: 500, priceCents: 5_90 },
      { minQuantity: 2000, priceCents: 5_40 },
      { minQuantity: 5000, priceCents: 4_95 },
    ],
    description:
      "Iridium-tipped spark plug with a 0.6 mm fine-wire centre electrode for a stronger spark, easier starts and up to 100,000 km service life.",
  },
  {
    name: "Alternator",
    slug: "alternator",
    priceCents: 176_00,
    available: 0,
    minimum: 2,
    leadTimeDays: 4,
    description:
      "12 V, 150 A alternator with an overrunning pulley and built-in voltage regulator. Remanufactured to OE specification and load-tested.",
  },
  {
    name: "Socket Set",
    slug: "socket-set",
    priceCents: 79_00,
    available: 1500,
    minimum: 4,
    increment: 2,
    description:
      "94-piece chrome-vanadium socket set, 1/4 and 1/2 inch drive, 4 to 32 mm, with two 72-tooth ratchets, extensions and a blow-moulded case.",
  },
];

export const demoReviews = [
  {
    name: "Rahim Auto Works",
    email: "service@rahimauto.example",
    rating: 5,
    description:
      "We order spark plugs and brake discs by the lot every month. Prices are clear up front and the pick-up from our garage door saves us a trip.",
  },
  {
    name: "Sofia Marquez",
    email: "sofia@fleetfix.example",
    rating: 4,
    description:
      "Genuine parts with a real warranty. The injection pumps came with test reports. Delivery took a day longer than promised, but they called ahead.",
  },
  {
    name: "Northside Tyres & Service",
    email: "orders@northside.example",
    rating: 5,
    description:
      "The torque wrenches arrived calibrated with certificates. Ordering in steps of fifty is exactly what a reseller needs.",
  },
];
