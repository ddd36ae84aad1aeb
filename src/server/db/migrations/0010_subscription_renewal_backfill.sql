-- Demo mode's provider keeps its subscriptions in demo_stripe_objects: a demo member who chose
-- 'Cancel at period end' before this column existed is marked from there. With Stripe, resend the
-- customer.subscription.updated events of such customers from the dashboard (see ADR 0011).
UPDATE "users" AS u
SET "subscription_cancel_at_period_end" = true
FROM "demo_stripe_objects" AS d
WHERE d."id" = u."stripe_subscription_id"
  AND d."type" = 'subscription'
  AND d."data"->>'status' <> 'canceled'
  AND (d."data"->>'cancel_at_period_end' = 'true' OR coalesce(d."data"->>'cancel_at', '') <> '');
