-- AlterTable
ALTER TABLE "AdminUser" ADD COLUMN     "keptSessionId" TEXT,
ADD COLUMN     "sessionsValidAfter" TIMESTAMP(3);

