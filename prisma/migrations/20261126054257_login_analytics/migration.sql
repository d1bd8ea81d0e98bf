-- CreateEnum
CREATE TYPE "LoginOutcome" AS ENUM ('success', 'cancel', 'error');

-- CreateTable
CREATE TABLE "LoginDailyStat" (
    "tenantId" UUID NOT NULL,
    "day" DATE NOT NULL,
    "acr" TEXT NOT NULL,
    "outcome" "LoginOutcome" NOT NULL,
    "errorCode" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "durationBuckets" INTEGER[],

    CONSTRAINT "LoginDailyStat_pkey" PRIMARY KEY ("tenantId","day","acr","outcome","errorCode")
);

-- CreateTable
CREATE TABLE "WebhookFailureDailyStat" (
    "tenantId" UUID NOT NULL,
    "day" DATE NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "WebhookFailureDailyStat_pkey" PRIMARY KEY ("tenantId","day")
);

-- CreateIndex
CREATE INDEX "LoginDailyStat_day_idx" ON "LoginDailyStat"("day");

-- CreateIndex
CREATE INDEX "WebhookFailureDailyStat_day_idx" ON "WebhookFailureDailyStat"("day");

-- AddForeignKey
ALTER TABLE "LoginDailyStat" ADD CONSTRAINT "LoginDailyStat_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookFailureDailyStat" ADD CONSTRAINT "WebhookFailureDailyStat_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

