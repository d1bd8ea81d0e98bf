-- AlterTable
ALTER TABLE "LoginTransaction" ADD COLUMN     "codeExpiresAt" TIMESTAMP(3),
ADD COLUMN     "codeHash" TEXT;

-- AlterTable
ALTER TABLE "AccessToken" ADD COLUMN     "loginId" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "LoginTransaction_codeHash_key" ON "LoginTransaction"("codeHash");

-- CreateIndex
CREATE UNIQUE INDEX "AccessToken_loginId_key" ON "AccessToken"("loginId");

