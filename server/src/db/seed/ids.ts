/** Fixed ids of seeded rows: seeds insert with these ids and ON CONFLICT DO NOTHING, so they run on every start. */
export const SEED = {
  company: 'org-kd',
  departments: { purchasing: 'org-purchasing', production: 'org-production', quality: 'org-quality', it: 'org-it' },
  positions: { buyer: 'pos-buyer', productionLead: 'pos-production-lead', inspector: 'pos-inspector', sysAdmin: 'pos-sysadmin' },
  adminRole: 'role-admin',
  adminUser: 'user-admin',
  dictCurrency: 'dict-currency',
  dictCountry: 'dict-country',
  supplierModel: 'vd-supplier',
  menus: {
    system: 'menu-system',
    dictionary: 'menu-dictionary',
    billRule: 'menu-bill-rule',
    webDesign: 'menu-web-design',
    supply: 'menu-supply',
    supplier: 'menu-supplier',
  },
} as const;
