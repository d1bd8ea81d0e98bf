-- DropForeignKey
ALTER TABLE "AuthorizationCode" DROP CONSTRAINT "AuthorizationCode_applicationId_fkey";

-- DropIndex
DROP INDEX "AccessToken_codeId_idx";

-- AlterTable
ALTER TABLE "AccessToken" DROP COLUMN "codeId";

-- DropTable
DROP TABLE "AuthorizationCode";

