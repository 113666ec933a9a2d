/** Demo messages: a few unread, one read and one in the trash for every demo account. */
import { users, messages } from '../db/schema/index.js';
import { addDemoSeeder } from '../db/seed.js';
import type { MessageState } from './transitions.js';

const DEMO: { title: string; content: string; state: MessageState; daysAgo: number }[] = [
  { title: 'Welcome to the payment admin', content: 'Your account is ready. Keep your password and Google code safe.', state: 'unread', daysAgo: 0 },
  { title: 'Scheduled maintenance tonight', content: 'The platform is maintained tonight from 02:00 to 02:30; orders are queued meanwhile.', state: 'unread', daysAgo: 1 },
  { title: 'New payout batch template', content: 'A new payout batch template is available in payout batches.', state: 'unread', daysAgo: 2 },
  { title: 'Password policy', content: 'Passwords must contain digits and letters.', state: 'read', daysAgo: 5 },
  { title: 'Old notice', content: 'This notice is no longer relevant.', state: 'trash', daysAgo: 9 },
];

addDemoSeeder(async (db) => {
  const accounts = await db.select({ id: users.id }).from(users);
  const now = Date.now();
  const rows = accounts.flatMap((u) =>
    DEMO.map((m) => ({ userId: u.id, title: m.title, content: m.content, state: m.state, createdAt: new Date(now - m.daysAgo * 86_400_000) })),
  );
  if (rows.length) await db.insert(messages).values(rows);
});
