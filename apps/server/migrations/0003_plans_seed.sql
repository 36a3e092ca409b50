-- A fresh install starts with plans of every kind and a per-minute rate, so the product can be used at
-- once (issue 11, docs/decisions/0151-default-plans-seed.md). Admins edit or deactivate them later; this
-- runs once, like every migration, so their changes are never undone.
INSERT INTO "plans" ("kind", "title", "duration", "price_cents", "description") VALUES
  ('membership', 'Monthly Membership', 'monthly', 499, 'Record, keep and schedule as many messages as you like, renewed every month.'),
  ('membership', 'Yearly Membership', 'yearly', 4999, 'Record, keep and schedule as many messages as you like, renewed every year.'),
  ('membership', 'Life-time Membership', 'life-time', 14900, 'Record, keep and schedule as many messages as you like, paid once.'),
  ('ad-free', 'Ad-Free Monthly', 'monthly', 199, 'No banner ads, renewed every month.'),
  ('ad-free', 'Ad-Free Yearly', 'yearly', 1999, 'No banner ads, renewed every year.'),
  ('ad-free', 'Ad-Free Life-time', 'life-time', 4900, 'No banner ads, paid once.'),
  ('funeral-home', 'Funeral Home Monthly', 'monthly', 2999, 'Be listed for families and publish the messages they share with you, renewed every month.'),
  ('funeral-home', 'Funeral Home Yearly', 'yearly', 29900, 'Be listed for families and publish the messages they share with you, renewed every year.'),
  ('funeral-home', 'Funeral Home Life-time', 'life-time', 89900, 'Be listed for families and publish the messages they share with you, paid once.'),
  ('banner-ad', 'Banner Ad Week', 'weekly', 999, 'Your approved banner ad runs for one week.'),
  ('banner-ad', 'Banner Ad Month', 'monthly', 2999, 'Your approved banner ad runs for one month.'),
  ('banner-ad', 'Banner Ad Year', 'yearly', 29900, 'Your approved banner ad runs for one year.'),
  ('banner-ad', 'Banner Ad Life-time', 'life-time', 79900, 'Your approved banner ad runs for as long as the service does.');
--> statement-breakpoint
INSERT INTO "one_time_rates" ("rate_cents") VALUES (99);
