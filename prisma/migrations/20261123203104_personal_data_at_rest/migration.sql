-- AlterTable
ALTER TABLE "Tenant" ADD COLUMN     "subjectSecret" TEXT;

-- AlterTable
ALTER TABLE "LoginTransaction" DROP COLUMN "claims",
DROP COLUMN "identity",
ADD COLUMN     "sealedClaims" TEXT;

-- AlterTable
ALTER TABLE "AccessToken" DROP COLUMN "claims",
ADD COLUMN     "sealedClaims" TEXT;

-- AlterTable
ALTER TABLE "BrowserSession" DROP COLUMN "identity",
ADD COLUMN     "sealedIdentity" TEXT;

-- CreateIndex
CREATE INDEX "WebhookDelivery_createdAt_idx" ON "WebhookDelivery"("createdAt");

-- CreateIndex
CREATE INDEX "AuditEvent_createdAt_idx" ON "AuditEvent"("createdAt");

