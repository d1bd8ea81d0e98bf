-- AlterTable
ALTER TABLE "AccessToken" DROP COLUMN "sealedClaims";

