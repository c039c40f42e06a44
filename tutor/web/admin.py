from django.contrib import admin

from .models import Profile, WorkerHeartbeat

admin.site.register(Profile)
admin.site.register(WorkerHeartbeat)
