/** A few demo bank numbers so the management list is not empty. */
import { bankNumbers } from '../db/schema/index.js';
import { addDemoSeeder } from '../db/seed.js';

addDemoSeeder(async (db) => {
  await db.insert(bankNumbers).values([
    { bankName: 'State Bank of India', bankNumber: '9223766666', remark: 'SMS sender' },
    { bankName: 'HDFC Bank', bankNumber: '18002026161' },
    { bankName: 'ICICI Bank', bankNumber: '18001080', enabled: false },
  ]);
});
