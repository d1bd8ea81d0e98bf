-- CreateTable
CREATE TABLE "PlaygroundKey" (
    "clientId" TEXT NOT NULL,
    "kid" TEXT NOT NULL,
    "privateKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PlaygroundKey_pkey" PRIMARY KEY ("clientId")
);

-- AddForeignKey
ALTER TABLE "PlaygroundKey" ADD CONSTRAINT "PlaygroundKey_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "Application"("clientId") ON DELETE CASCADE ON UPDATE CASCADE;

