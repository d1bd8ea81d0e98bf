-- AlterTable
ALTER TABLE "LoginTransaction" ADD COLUMN     "connectorRef" TEXT,
ADD COLUMN     "connectorState" TEXT;

-- CreateTable
CREATE TABLE "EidConnection" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "family" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "settings" JSONB NOT NULL,
    "secrets" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "lastCheckedAt" TIMESTAMP(3),
    "lastCheckOk" BOOLEAN,
    "lastCheckNote" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EidConnection_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "EidConnection_tenantId_family_key" ON "EidConnection"("tenantId", "family");

-- CreateIndex
CREATE UNIQUE INDEX "LoginTransaction_connectorRef_key" ON "LoginTransaction"("connectorRef");

-- AddForeignKey
ALTER TABLE "EidConnection" ADD CONSTRAINT "EidConnection_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

