namespace Cqrs.Tests.Domain.Screening;

public sealed class LookUpEnrolmentHandler : IQueryHandler<LookUpEnrolment, int>
{
    public ValueTask<int> HandleAsync(LookUpEnrolment query, CancellationToken cancellationToken) => ValueTask.FromResult(query.Name.Length);
}
