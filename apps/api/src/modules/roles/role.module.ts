import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ChannelRoleController, OrgRoleController } from './role.controller';
import { RoleService } from './role.service';

@Module({
  imports: [AuthModule],
  controllers: [OrgRoleController, ChannelRoleController],
  providers: [RoleService],
})
export class RolesModule {}
