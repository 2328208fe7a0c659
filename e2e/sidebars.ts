/** The dashboard sidebar's links, in order, as a user who is not an admin sees them. */
export const userSidebarLinks = [
  "Create Profile",
  "My Profile",
  "Create Portfolio",
  "My Portfolio",
  "My Orders",
  "Add Review",
  "Company",
  "Account settings",
];

/** The dashboard sidebar's links, in order, as an admin sees them. */
export const adminSidebarLinks = [
  "Create Profile",
  "My Profile",
  "Show All Profile",
  "Add A Tools",
  "Manage Tools",
  "All Users",
  "Manage All Order",
  "Companies",
  "Invoices",
  "Invoicing",
  "Contact Messages",
  "Outbox",
  "Webhooks",
  "Account settings",
];
