/** The instance secret and admin token every test process runs with (setup-env.ts, the seeded template). */
export const TEST_INSTANCE_SECRET = "test-instance-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
export const TEST_ADMIN_TOKEN = "test-admin-token-0123456789-abcdefghijklmnop";
